/** Account security: change password, sessions, two-factor, recent events (issue 4). */
export function SecurityScreen() {
  return <div className="grid gap-6" />;
}
