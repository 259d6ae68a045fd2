import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-config-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('the server’s settings from the environment', () => {
  it('bounds how far the heap may grow past what a full collection kept', () => {
    expect(load({}).heapGrowingPercent).toBe(10);
    expect(load({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(load({ HEAP_GROWING_PERCENT: '50' }).heapGrowingPercent).toBe(50);
    expect(() => load({ HEAP_GROWING_PERCENT: 'lots' })).toThrow(
      'HEAP_GROWING_PERCENT must be a whole number from 0 to 1000 (it is "lots").',
    );
    expect(() => load({ HEAP_GROWING_PERCENT: '-5' })).toThrow(/from 0 to 1000/);
  });

  it('refuses a pool size or statement timeout out of range instead of starting with it', () => {
    expect(load({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => load({ DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE must be a whole number from 1 to 200 (it is "0").',
    );
    expect(() => load({ DATABASE_STATEMENT_TIMEOUT_MS: '1.5' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS must be a whole number/,
    );
  });
});
