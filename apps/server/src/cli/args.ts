// A small argument parser for the operator CLI. Hand-written rather than node:util parseArgs because
// amounts like '-5' must reach the amount check (parseArgs reads them as unknown short options) and
// every mistake must come back as one clear line that names the command.
import { UsageError } from './errors.js';

export type FlagKind = 'string' | 'boolean';

export interface ArgSpec {
  name: string;
  /** Required positional arguments, by display name. */
  positionals: readonly string[];
  flags: Readonly<Record<string, FlagKind>>;
}

/** Flags every command accepts. */
export const GLOBAL_FLAGS: Readonly<Record<string, FlagKind>> = { json: 'boolean', help: 'boolean' };

export class Args {
  constructor(
    readonly command: string,
    readonly positionals: readonly string[],
    private readonly flags: ReadonlyMap<string, string | true>,
  ) {}

  has(name: string): boolean {
    return this.flags.has(name);
  }

  /** The value of a string flag, or undefined when it was not given. */
  string(name: string): string | undefined {
    const value = this.flags.get(name);
    return typeof value === 'string' ? value : undefined;
  }

  required(name: string): string {
    const value = this.string(name);
    if (value === undefined) throw new UsageError(`${this.command}: missing --${name}`);
    return value;
  }

  bool(name: string): boolean {
    return this.flags.get(name) === true;
  }

  /** A positional the parser already checked is present. */
  positional(index: number): string {
    const value = this.positionals[index];
    if (value === undefined) throw new UsageError(`${this.command}: missing argument ${index + 1}`);
    return value;
  }
}

export function parseArgs(tokens: readonly string[], spec: ArgSpec): Args {
  const kinds: Record<string, FlagKind> = { ...GLOBAL_FLAGS, ...spec.flags };
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (token === '--') {
      positionals.push(...tokens.slice(i + 1));
      break;
    }
    // Single-dash tokens ('-5') are values, not options: the amount check gives the clear message.
    if (!token.startsWith('--')) {
      positionals.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const name = token.slice(2, eq === -1 ? undefined : eq);
    const kind = kinds[name];
    if (!kind) throw new UsageError(`${spec.name}: unknown flag --${name} (see 'help ${spec.name}')`);
    if (kind === 'boolean') {
      if (eq !== -1) throw new UsageError(`${spec.name}: --${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) {
      value = token.slice(eq + 1);
    } else {
      // The next token is the value even when it starts with '-' ('--min -5' must reach the amount check).
      const next = tokens[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        value = next;
        i++;
      }
    }
    if (value === undefined) throw new UsageError(`${spec.name}: --${name} needs a value`);
    if (flags.has(name)) throw new UsageError(`${spec.name}: --${name} given twice`);
    flags.set(name, value);
  }

  if (!flags.has('help')) {
    const missing = spec.positionals[positionals.length];
    if (missing !== undefined) throw new UsageError(`${spec.name}: missing ${missing}`);
    const extra = positionals[spec.positionals.length];
    if (extra !== undefined) throw new UsageError(`${spec.name}: unexpected argument '${extra}'`);
  }
  return new Args(spec.name, positionals, flags);
}
