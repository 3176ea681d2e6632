/** The source of "now" for business code, so tests can move time. */
export abstract class Clock {
  /** The current instant. */
  abstract now(): Date;
}

/** The wall clock. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that only moves when told to; for tests. */
export class ManualClock extends Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-01T12:00:00Z') {
    super();
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  /** Moves the clock forward by the given milliseconds. */
  advance(ms: number): void {
    this.current += ms;
  }
  /** Sets the clock to the given instant. */
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
}
