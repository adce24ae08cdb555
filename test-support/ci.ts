// Whether this run is CI (`CI=true`, as .ci/run and CI services set it): there, nothing may skip a leg.
/** CI unless `CI` is unset, empty, `false` or `0`. */
export function isCI(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}
