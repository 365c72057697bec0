/**
 * The release lane (`npm run test:release`): the release tarball started against the local
 * services. Kept out of the unit stage, since building the release takes minutes on two cores.
 */
import base from './vite.config';

// Replaces the unit stage's include (vite's mergeConfig would add to it, running every unit test too).
export default { ...base, test: { ...base.test, include: ['tests/release/**/*.test.ts'], testTimeout: 600_000, maxWorkers: 1, minWorkers: 1 } };
