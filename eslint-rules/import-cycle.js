// `cashdesk/import-cycle`: no import cycle, type-only imports included. import-x's no-cycle (4.18) skips an
// import that brings only types and has no option to count it (they must count: a
// circle closed by a type import still ties its folders together, and is one `import type` away from a
// runtime cycle). This rule reads each module's imports with TypeScript's preProcessFile (every `import`,
// `import type`, `export ... from` and `import()`), follows the relative ones that resolve to a file
// under `root`, and reports an import of the linted file from which a path leads back to it.
//
// Options: { root: absolute folder whose files the graph holds, ignoreEdges: [{ from, to, reason }] },
// `from` and `to` absolute file paths: an import that is no edge of the graph (neither reported nor
// followed). Keep that list for a cycle someone is removing, with the reason.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** file -> its imports' files, with the file's mtime (re-read when it changes, as in an editor). */
const graph = new Map();

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    base,
  ];
  return candidates.find((file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile()) ?? null;
}

function importsOfText(file, text) {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return [...new Set(importedFiles.map((f) => resolveImport(file, f.fileName)).filter(Boolean))];
}

function importsOf(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return [];
  const cached = graph.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.imports;
  const imports = importsOfText(file, fs.readFileSync(file, 'utf8'));
  graph.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

const inside = (root, file) => file === root || file.startsWith(root + path.sep);

/** The shortest import path from `start` back to `target`, as a list of files, or null. */
function pathBack(start, target, root, ignored) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (!inside(root, next) || ignored.has(`${file}\0${next}`)) continue;
      if (next === target) {
        const route = [];
        for (let at = file; at !== null; at = previous.get(at)) route.unshift(at);
        return route;
      }
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, counting type-only imports' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          ignoreEdges: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'string' }, to: { type: 'string' }, reason: { type: 'string' } },
              required: ['from', 'to', 'reason'],
              additionalProperties: false,
            },
          },
        },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Import cycle (type-only imports count): {{route}}.',
    },
  },
  create(context) {
    const { root, ignoreEdges = [] } = context.options[0];
    const filename = context.physicalFilename;
    if (!inside(root, filename)) return {};
    const ignored = new Set(ignoreEdges.map(({ from, to }) => `${from}\0${to}`));
    const name = (file) => path.relative(root, file);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolveImport(filename, specifier);
      if (!target || target === filename || !inside(root, target)) return;
      if (ignored.has(`${filename}\0${target}`)) return;
      const route = pathBack(target, filename, root, ignored);
      if (route)
        context.report({
          node,
          messageId: 'cycle',
          data: { route: [filename, ...route, filename].map(name).join(' -> ') },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
