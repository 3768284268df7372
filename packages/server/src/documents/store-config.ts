import { ConfigError, flag, url } from '../config'

/** S3 settings of the document store (DOCUMENT_STORE=s3). */
export interface S3Settings {
  /** S3_ENDPOINT: the S3 server (radosgw, MinIO, …); undefined = AWS itself, by S3_REGION. */
  endpoint: string | undefined
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** S3_FORCE_PATH_STYLE: `http://host/bucket/key` instead of `http://bucket.host/key` (most servers but AWS want it). */
  forcePathStyle: boolean
}

/** DOCUMENT_STORE: where document files are kept — the folder DATA_DIR/documents (default), or an S3 bucket. */
export type DocumentStoreConfig = { kind: 'folder' } | { kind: 's3'; s3: S3Settings }

const KINDS = ['folder', 's3'] as const

/** Reads DOCUMENT_STORE and, for s3, its settings; a missing or malformed one is a ConfigError naming the variable. */
export function documentStoreConfig(env: NodeJS.ProcessEnv): DocumentStoreConfig {
  const kind = (env.DOCUMENT_STORE || 'folder').toLowerCase()
  if (!(KINDS as readonly string[]).includes(kind)) throw new ConfigError('DOCUMENT_STORE', `must be one of ${KINDS.join(', ')} (got "${env.DOCUMENT_STORE}")`)
  return kind === 's3' ? { kind: 's3', s3: s3Settings(env) } : { kind: 'folder' }
}

/** The S3 settings from the environment (the S3_* names, else AWS's standard ones); every missing one is named. */
export function s3Settings(env: NodeJS.ProcessEnv): S3Settings {
  const required = (names: string[], rule: string): string => {
    const value = names.map((name) => env[name]).find((v) => v !== undefined && v !== '')
    if (value === undefined) throw new ConfigError(names.join(' (or ') + (names.length > 1 ? ')' : ''), rule)
    return value
  }
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']) ?? url(env, 'AWS_ENDPOINT_URL_S3', ['http:', 'https:'])
  const bucket = required(['S3_BUCKET'], 'must name the bucket of the document files when DOCUMENT_STORE=s3')
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError('S3_BUCKET', `must be a bucket name of 3-63 lower-case letters, digits, dots and hyphens (got "${bucket}")`)
  const region = required(['S3_REGION', 'AWS_REGION'], 'must name the region of the bucket when DOCUMENT_STORE=s3 (any name, e.g. us-east-1, for radosgw or MinIO)')
  const accessKeyId = required(['S3_ACCESS_KEY_ID', 'AWS_ACCESS_KEY_ID'], 'must be set when DOCUMENT_STORE=s3')
  const secretAccessKey = required(['S3_SECRET_ACCESS_KEY', 'AWS_SECRET_ACCESS_KEY'], 'must be set when DOCUMENT_STORE=s3')
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
  }
}
