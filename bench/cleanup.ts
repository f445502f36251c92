/** Undo actions run newest first, each at most once, also when the bench is interrupted. */
export class CleanupStack {
  private readonly actions: { label: string; run: () => Promise<unknown> }[] = [];

  /** Registers an action and returns a function that runs it now (and removes it from the stack). */
  add(label: string, action: () => Promise<unknown>): () => Promise<void> {
    const entry = { label, run: action };
    this.actions.push(entry);
    return async () => {
      const index = this.actions.indexOf(entry);
      if (index < 0) return;
      this.actions.splice(index, 1);
      await this.safely(entry);
    };
  }

  async runAll(): Promise<void> {
    while (this.actions.length) await this.safely(this.actions.pop()!);
  }

  private async safely(entry: { label: string; run: () => Promise<unknown> }): Promise<void> {
    try {
      await entry.run();
    } catch (err) {
      console.error(`cleanup "${entry.label}" failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
