/**
 * The CDK app (`npx cdk synth|deploy` in deploy/): the deployment's settings from context
 * (lib/config.ts), the tenants from the registry the server reads (tenants/, themes/).
 */
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { readDeployConfig } from './lib/config';
import { buildPlatform } from './lib/platformStack';
import { tenantsOf } from './lib/tenants';

const app = new App();
buildPlatform(app, readDeployConfig((key) => app.node.tryGetContext(key)), tenantsOf(fileURLToPath(new URL('..', import.meta.url))));
app.synth();
