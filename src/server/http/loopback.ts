/** True for a connection from this machine (IPv4 127.0.0.0/8, IPv6 ::1, or IPv4 loopback mapped into IPv6). */
export const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
