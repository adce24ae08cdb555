// Errors a command throws to end with one line on stderr and a chosen exit code.

export const EXIT = {
  ok: 0,
  /** The operation was refused or failed: unknown login, duplicate, ledger refusal, ledger mismatch. */
  failed: 1,
  /** The command line itself is wrong: unknown command or flag, missing or malformed value. */
  usage: 2,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
  }
}

export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT.usage);
  }
}
