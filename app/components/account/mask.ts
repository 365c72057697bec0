/** a***@example.com, +52*******34: enough for the owner to recognise, not enough to harvest. */
export function maskDestination(destination: string): string {
  const value = destination.trim();
  if (!value) return '';
  const at = value.indexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  if (/^\+?\d{6,}$/.test(value)) return `${value.slice(0, 3)}${'*'.repeat(Math.max(0, value.length - 5))}${value.slice(-2)}`;
  return value;
}
