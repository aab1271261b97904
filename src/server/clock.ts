/** The server's notion of "now". Every expiry reads it, so tests and the sandbox can move time forward. */
export interface Clock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(start?: Date): Clock {
  let offsetMs = start ? start.getTime() - Date.now() : 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
    },
  };
}
