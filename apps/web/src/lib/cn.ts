import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. No class merging library (it would cost `/` about 8 KB): components take
 * care not to pass utilities that conflict with their own.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
