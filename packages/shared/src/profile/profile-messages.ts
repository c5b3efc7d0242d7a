/** The spec's form messages (SPEC §5). */
export const REQUIRED_MESSAGE = 'This field is required';
export const INVALID_FORMAT_MESSAGE = 'Invalid format';
/** Tooltip on fields the current interface may not edit (SPEC §6); also the server's 403. */
export const READ_ONLY_MESSAGE = 'Read-only in current interface';
