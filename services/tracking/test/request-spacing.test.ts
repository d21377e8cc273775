import { describe, expect, it } from 'vitest';
import { requestSpacing, TurnNotReached } from '../src/domain/request-spacing.ts';

describe('request spacing (one request at a time, one per interval)', () => {
  it('starts requests in order, one after another, the interval apart', async () => {
    const inTurn = requestSpacing(120);
    const log: Array<{ name: string; start: number; end: number }> = [];
    let running = 0;
    const request = (name: string) => async () => {
      const start = Date.now();
      running += 1;
      expect(running).toBe(1);
      await Promise.resolve();
      running -= 1;
      log.push({ name, start, end: Date.now() });
      return name;
    };
    expect(await Promise.all(['a', 'b', 'c'].map((name) => inTurn(request(name), 1_000)))).toEqual(['a', 'b', 'c']);
    expect(log.map((entry) => entry.name)).toEqual(['a', 'b', 'c']);
    // The limiter reads the clock just before calling the request, which reads it again: a millisecond may tick between.
    expect(log[1]!.start - log[0]!.start).toBeGreaterThanOrEqual(119);
    expect(log[2]!.start - log[1]!.start).toBeGreaterThanOrEqual(119);
  });

  it('lets a caller give up waiting for its turn, and then never sends its request', async () => {
    const inTurn = requestSpacing(200);
    const sent: string[] = [];
    const request = (name: string) => async () => {
      sent.push(name);
      return name;
    };
    const first = inTurn(request('first'), 1_000);
    const impatient = inTurn(request('impatient'), 50);
    const patient = inTurn(request('patient'), 1_000);
    await expect(impatient).rejects.toBeInstanceOf(TurnNotReached);
    expect(await first).toBe('first');
    expect(await patient).toBe('patient');
    expect(sent).toEqual(['first', 'patient']);
  });

  it('passes a request’s failure to its caller only, and the next request still runs', async () => {
    const inTurn = requestSpacing(50);
    const failing = inTurn(() => Promise.reject(new Error('server down')), 1_000);
    const next = inTurn(() => Promise.resolve('ok'), 1_000);
    await expect(failing).rejects.toThrow('server down');
    expect(await next).toBe('ok');
  });
});
