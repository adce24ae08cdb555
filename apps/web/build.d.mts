// Types of build.mjs for the TypeScript that imports it (e2e/support/global-setup.ts, the tests).
export declare const BUILD_INPUTS: string[];
export declare function hashBuildInputs(inputs?: readonly string[]): string;
export declare function buildOnce(options: {
  root: string;
  inputs: readonly string[];
  build: (outDir: string) => void;
}): { dir: string; built: boolean };
