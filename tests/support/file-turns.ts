/**
 * Turns for test files that share one stack. Browser test files run two at a time (tests/vitest.config.ts); a file that
 * disturbs the stack for everyone (it stops a service) runs alone: it waits until the files running beside it have
 * finished, and no other file starts until it has. A file waiting to run alone goes before files that arrive after it,
 * so it is never starved. The stack's control server (global-setup.ts) keeps the turns, as the workers share no memory.
 */
export type TurnKind = 'shared' | 'alone';

export class FileTurns {
  private shared = 0;
  private alone = false;
  private readonly waiting: { kind: TurnKind; grant: () => void }[] = [];

  /** Resolves when the file may start. */
  enter(kind: TurnKind): Promise<void> {
    return new Promise((grant) => {
      this.waiting.push({ kind, grant });
      this.next();
    });
  }

  leave(kind: TurnKind): void {
    if (kind === 'alone') this.alone = false;
    else this.shared = Math.max(0, this.shared - 1);
    this.next();
  }

  private next(): void {
    while (this.waiting.length > 0 && !this.alone) {
      const first = this.waiting[0]!;
      if (first.kind === 'alone' && this.shared > 0) return;
      this.waiting.shift();
      if (first.kind === 'alone') this.alone = true;
      else this.shared += 1;
      first.grant();
    }
  }
}
