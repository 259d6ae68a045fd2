import { BackupError } from '@server/ops/archive';

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Runs a backup or restore command: exit code 0 when done; 1 with the message alone for what
 * the operator can act on (a wrong file, a running server, a missing tool) or an invalid
 * command line; 1 with the stack for anything else.
 */
export async function runCommand(usage: string, command: () => Promise<void>): Promise<void> {
  try {
    await command();
  } catch (err) {
    process.exitCode = 1;
    if (err instanceof BackupError) console.error(err.message);
    else if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(err as Error).message}\n\n${usage}`);
    } else console.error(err);
  }
}
