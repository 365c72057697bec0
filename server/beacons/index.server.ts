/** The viewer-experience beacons feature's public surface (docs/decisions/0093-viewer-experience-beacons.md; docs/ARCHITECTURE.md, Features). */
export { acceptBeacons, beaconsAction, RATE_POINTS, type BeaconAnswer } from './endpoint.server';
export { flushExperience, noteExperience } from './recorder.server';
