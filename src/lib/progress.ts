/**
 * A progress bar for long CLI work: redrawn in place on a terminal, one line per tenth otherwise
 * (logs and CI stay readable). Writes to stderr so stdout remains the command's result.
 */
export class Progress {
  private readonly started = Date.now();
  private lastDraw = 0;
  private lastTenth = -1;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  update(done: number): void {
    const now = Date.now();
    const fraction = this.total === 0 ? 1 : Math.min(1, done / this.total);
    if (this.stream.isTTY) {
      if (now - this.lastDraw < 100 && done < this.total) return;
      this.lastDraw = now;
      const width = 28;
      const filled = Math.round(fraction * width);
      this.stream.write(
        `\r${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.describe(done, now)}`,
      );
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (tenth === this.lastTenth) return;
    this.lastTenth = tenth;
    this.stream.write(`${this.label}: ${this.describe(done, now)}\n`);
  }

  finish(): void {
    this.update(this.total);
    if (this.stream.isTTY) this.stream.write('\n');
  }

  private describe(done: number, now: number): string {
    const seconds = Math.max(0.001, (now - this.started) / 1000);
    const rate = done / seconds;
    const percent = this.total === 0 ? 100 : Math.floor((done / this.total) * 100);
    const eta = rate > 0 && done < this.total ? ` eta ${Math.ceil((this.total - done) / rate)}s` : '';
    return `${String(percent).padStart(3)}% ${done.toLocaleString('en-US')}/${this.total.toLocaleString('en-US')} ${Math.round(rate).toLocaleString('en-US')}/s${eta}`;
  }
}
