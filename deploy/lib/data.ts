/**
 * The single table and the media bucket. The table's keys are the ones the server creates locally
 * (server/platform/dynamo/dynamo.server.ts, ensureTable); the bucket's CORS and abort rule are the
 * ones `npm run storage:settings` puts on a bucket (scripts/deploy/bucketSettings.ts), plus one
 * expiry rule per tenant for live broadcast segments.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { Tenant } from '#app/lib/config/tenant';
import { ABORT_INCOMPLETE_UPLOADS_AFTER_DAYS, mediaBucketCors, tenantOrigins } from '#scripts/deploy/bucketSettings';

/**
 * Where a tenant's live segments are written: the tenant's prefix (tenantPrefix,
 * server/platform/storage.server.ts) + liveFolder (server/broadcast/ingest/push.server.ts).
 */
export const liveSegmentsPrefix = (tenantId: string) => `tenants/${tenantId}/broadcasts/`;

export interface DataProps {
  tenants: Tenant[];
  rootDomain: string;
  liveSegmentDays: number;
  deletionProtection: boolean;
}

export class PlatformData extends Construct {
  readonly table: dynamodb.TableV2;
  readonly media: s3.Bucket;
  readonly logs: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      globalSecondaryIndexes: [
        { indexName: 'gsi1', partitionKey: { name: 'gsi1pk', type: dynamodb.AttributeType.STRING }, sortKey: { name: 'gsi1sk', type: dynamodb.AttributeType.STRING } },
      ],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.deletionProtection,
      // Orders, tickets and accounts: a stack deletion must never take them along.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Server access logs of the media bucket (who fetched or deleted what), kept 90 days.
    this.logs = new s3.Bucket(this, 'AccessLogs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const cors = mediaBucketCors(tenantOrigins(props.tenants, props.rootDomain)).CORSRules ?? [];
    this.media = new s3.Bucket(this, 'Media', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'media/',
      cors: cors.map((rule) => ({
        allowedOrigins: rule.AllowedOrigins ?? [],
        allowedMethods: (rule.AllowedMethods ?? []) as s3.HttpMethods[],
        allowedHeaders: rule.AllowedHeaders,
        exposedHeaders: rule.ExposeHeaders,
        maxAge: rule.MaxAgeSeconds,
      })),
      lifecycleRules: [
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(ABORT_INCOMPLETE_UPLOADS_AFTER_DAYS) },
        // Live HLS segments serve only the live player; replays are recorded separately. S3 filters
        // match a prefix, not a pattern, hence one rule per tenant from the registry.
        ...props.tenants.map((t) => ({ id: `expire-live-segments-${t.id}`, prefix: liveSegmentsPrefix(t.id), expiration: Duration.days(props.liveSegmentDays) })),
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
