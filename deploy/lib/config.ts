/**
 * The deployment's settings, read from CDK context (`-c key=value` or cdk.json) and validated with
 * zod like the server's environment (server/env.server.ts): a missing or malformed value stops
 * synthesis naming the key, instead of a template that deploys and then fails.
 */
import { z } from 'zod';

const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const count = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const deployShape = {
    /** Account and region; unset they stay unresolved tokens, so synthesis needs no AWS account. */
    account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id').optional(),
    region: z.string().regex(/^[a-z]{2}-[a-z]+-\d$/, 'must be an AWS region such as us-east-1').default('us-east-1'),
    stackName: z.string().min(1).default('Platform'),
    /** The application image (app, media and ingest workers): deploy/Dockerfile over the release tarball, pushed to a registry. */
    image: z.string({ error: 'is required: the image URI built from deploy/Dockerfile (README, Deploying)' }).min(1, 'is required: the image URI built from deploy/Dockerfile (README, Deploying)'),
    /** ACM certificate for the load balancer's HTTPS listener (the platform domain and the tenants' domains). */
    certificateArn: z.string({ error: 'is required: an ACM certificate ARN for the HTTPS listener' }).startsWith('arn:aws:acm:', 'must be an ACM certificate ARN'),
    /** PLATFORM_ROOT_DOMAIN of the app. */
    rootDomain: z.string().min(3).default('events.example.com'),
    /** Where alarms that page and warn are mailed (SNS email subscription); unset: the topics only. */
    alarmEmail: z.email().optional(),
    /** "self-hosted": LiveKit nodes in this stack; "cloud": LiveKit Cloud at livekitUrl with the key pair in livekitSecretArn. */
    livekit: z.enum(['self-hosted', 'cloud']).default('self-hosted'),
    /** wss:// URL browsers connect to: the nodes' host name (self-hosted) or the LiveKit Cloud project URL. */
    livekitUrl: z.string().regex(/^wss:\/\/[^\s/]+/, 'must be a wss:// URL').default('wss://livekit.events.example.com'),
    /** LiveKit Cloud only: a Secrets Manager secret holding {"apiKey": ..., "apiSecret": ...}. */
    livekitSecretArn: z.string().startsWith('arn:aws:secretsmanager:').optional(),
    livekitImage: z.string().min(1).default('livekit/livekit-server:v1.9.1'),
    livekitNodes: count(1, 20, 1),
    /** A secret {"STRIPE_SECRET_KEY": ..., "STRIPE_WEBHOOK_SECRET": ...}; unset: the tenants' payments stay on the test provider. */
    stripeSecretArn: z.string().startsWith('arn:aws:secretsmanager:').optional(),
    appMinTasks: count(1, 50, 2),
    appMaxTasks: count(1, 200, 10),
    mediaWorkersMin: count(0, 50, 1),
    mediaWorkersMax: count(1, 100, 10),
    ingestWorkersMin: count(1, 50, 1),
    ingestWorkersMax: count(1, 50, 4),
    /** SRT listeners (one per event with an SRT key); a network load balancer takes 50 listeners, one is RTMP. */
    srtPorts: count(1, 49, 20),
    srtPortFirst: count(1024, 65000, 9000),
    /** Days a live broadcast's HLS segments are kept (they serve only the live player). */
    liveSegmentDays: count(1, 30, 2),
    /** CloudWatch agent image that scrapes /metrics into CloudWatch (pin a version with -c metricsAgentImage=...). */
    metricsAgentImage: z.string().min(1).default('public.ecr.aws/cloudwatch-agent/cloudwatch-agent:latest'),
    /**
     * Social sign-in (deploy/lib/socialSignIn.ts). Hosted domains are <hostedSignInPrefix>-<tenant id>
     * .auth.<region>.amazoncognito.com; a prefix is unique per region across every AWS account, so
     * set one of your own (default: the stack name in lower case).
     */
    hostedSignInPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,40}[a-z0-9])?$/, 'must be 1-42 lower-case letters, digits or dashes')
      .refine((p) => !/aws|amazon|cognito/.test(p), 'must not contain "aws", "amazon" or "cognito" (Cognito refuses such domains)')
      .optional(),
    /** Where each provider's credentials are: a secret <socialSecretPrefix>/<tenant id>/<provider> in the pool's region (default <stackName>/social). */
    socialSecretPrefix: z.string().regex(/^[A-Za-z0-9/_+=.@-]*[A-Za-z0-9_+=.@-]$/, 'must be a Secrets Manager name prefix such as Platform/social').optional(),
    /** Tenants whose identity.hostedSignInDomain is a domain of their own: an ACM certificate in us-east-1 covering them (Cognito serves them through CloudFront). */
    hostedSignInCertificateArn: z.string().regex(/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/.+$/, 'must be an ACM certificate ARN in us-east-1 (Cognito serves custom domains through CloudFront)').optional(),
    /**
     * Where the app reads the tenant registry: "store", the version `npm run tenants:publish` put in
     * the table and bucket (pool ids from the stack outputs, changes without a redeploy); "files",
     * the release's tenant.json files, for the first deploy, before anything could be published.
     */
    registrySource: z.enum(['store', 'files']).default('store'),
    natGateways: count(1, 3, 1),
    redisNodeType: z.string().default('cache.t4g.micro'),
    deletionProtection: bool.default(true),
};

/** A usable hosted domain prefix: lower case, no "aws", "amazon" or "cognito" (Cognito's rule). */
const HOSTED_PREFIX = /^(?!.*(?:aws|amazon|cognito))[a-z0-9](?:[a-z0-9-]{0,40}[a-z0-9])?$/;
const defaultHostedSignInPrefix = (stackName: string) => stackName.toLowerCase();

export const deployConfigSchema = z
  .object(deployShape)
  .superRefine((c, ctx) => {
    if (c.livekit === 'cloud' && !c.livekitSecretArn) ctx.addIssue({ code: 'custom', path: ['livekitSecretArn'], message: 'is required with livekit=cloud' });
    if (c.appMaxTasks < c.appMinTasks) ctx.addIssue({ code: 'custom', path: ['appMaxTasks'], message: 'must be at least appMinTasks' });
    if (c.mediaWorkersMax < c.mediaWorkersMin) ctx.addIssue({ code: 'custom', path: ['mediaWorkersMax'], message: 'must be at least mediaWorkersMin' });
    if (c.ingestWorkersMax < c.ingestWorkersMin) ctx.addIssue({ code: 'custom', path: ['ingestWorkersMax'], message: 'must be at least ingestWorkersMin' });
    if (!c.hostedSignInPrefix && !HOSTED_PREFIX.test(defaultHostedSignInPrefix(c.stackName))) {
      ctx.addIssue({ code: 'custom', path: ['hostedSignInPrefix'], message: `is required: the stack name "${c.stackName}" makes no Cognito domain prefix` });
    }
  })
  .transform((c) => ({
    ...c,
    hostedSignInPrefix: c.hostedSignInPrefix ?? defaultHostedSignInPrefix(c.stackName),
    socialSecretPrefix: c.socialSecretPrefix ?? `${c.stackName}/social`,
  }));

export type DeployConfig = z.infer<typeof deployConfigSchema>;

const CONFIG_KEYS = Object.keys(deployShape) as Array<keyof DeployConfig>;

/** Reads every key from `context(key)` (node.tryGetContext) and validates them together. */
export function readDeployConfig(context: (key: string) => unknown): DeployConfig {
  const raw = Object.fromEntries(CONFIG_KEYS.map((k) => [k, context(k)]).filter(([, v]) => v !== undefined));
  const parsed = deployConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid deployment context (cdk -c key=value):\n${lines}`);
  }
  return parsed.data;
}
