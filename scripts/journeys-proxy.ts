/**
 * `npm run journeys:proxy`: the journeys proxy on http://127.0.0.1:4111 (openapi/DECISIONS.md, "Where
 * journeys live"). Point Redocly Respect at it and it signs every call of a journey with a fresh
 * token, the webhook-secret proof and the request signature, forwards it to --target, and receives
 * the target's webhooks for the journeys' webhook steps:
 *
 *   npm run sandbox -- --test-clock --webhook-url http://127.0.0.1:4111/__journeys/deliveries
 *   npm run journeys:proxy
 *   npx redocly respect openapi/journeys/payout.arazzo.yaml --server rupeerail=http://127.0.0.1:4111/api/v1 \
 *     --input proxy=http://127.0.0.1:4111 --severity '{"SCHEMA_CHECK":"warn"}'
 *
 * It signs with the sandbox's documented test credentials, or with a partner's own when
 * RUPEERAIL_PARTNER_ID is set (the variables in USAGE).
 */
import fs from 'node:fs';
import {parseArgs} from 'node:util';
import type {OpenApiDocument} from '#core/contract/openapi';
import type {ProxyCredentials} from '#core/journeys/proxy';
import {SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import {SIGNING_ALGS, type SigningAlg} from '#core/signing/fields';
import {cachedCompiled} from '#node/contract/cache';
import {startJourneysProxy} from './lib/journeys-proxy';

const USAGE = `Usage: npm run journeys:proxy -- [--port N] [--target URL] [--contract openapi.json]

  --port N          port on 127.0.0.1 (default 4111)
  --target URL      the API's base URL (default http://127.0.0.1:4010/api/v1, npm run sandbox)
  --contract FILE   the contract as /downloads/openapi.json (default: this repository's)

Signs with the sandbox's test credentials, or, when RUPEERAIL_PARTNER_ID is set, with
RUPEERAIL_PARTNER_ID, RUPEERAIL_JWT_SECRET, RUPEERAIL_JWT_KID, RUPEERAIL_AUDIENCE,
RUPEERAIL_WEBHOOK_SECRET and, for signed operations, RUPEERAIL_SIGNING_KEY_ID,
RUPEERAIL_SIGNING_KEY (PKCS#8 PEM) and RUPEERAIL_SIGNING_ALG (${SIGNING_ALGS.join(' or ')}).`;

/** A partner's credentials from the environment; the message names every variable missing. */
export function envCredentials(env: NodeJS.ProcessEnv): ProxyCredentials {
  const names = [
    'RUPEERAIL_PARTNER_ID',
    'RUPEERAIL_JWT_SECRET',
    'RUPEERAIL_JWT_KID',
    'RUPEERAIL_AUDIENCE',
    'RUPEERAIL_WEBHOOK_SECRET',
  ];
  const missing = names.filter((n) => !env[n]);
  if (missing.length)
    throw new Error(`Set ${missing.join(', ')} (or unset RUPEERAIL_PARTNER_ID to sign as the sandbox).\n\n${USAGE}`);
  const alg = (env.RUPEERAIL_SIGNING_ALG ?? 'ed25519') as SigningAlg;
  if (!SIGNING_ALGS.includes(alg))
    throw new Error(`RUPEERAIL_SIGNING_ALG must be ${SIGNING_ALGS.join(' or ')}, not "${alg}".`);
  return {
    partnerId: env.RUPEERAIL_PARTNER_ID as string,
    jwtSecret: env.RUPEERAIL_JWT_SECRET as string,
    jwtKeyId: env.RUPEERAIL_JWT_KID as string,
    audience: env.RUPEERAIL_AUDIENCE as string,
    webhookSecret: env.RUPEERAIL_WEBHOOK_SECRET as string,
    ...(env.RUPEERAIL_SIGNING_KEY && env.RUPEERAIL_SIGNING_KEY_ID
      ? {signingKey: {keyId: env.RUPEERAIL_SIGNING_KEY_ID, privateKey: env.RUPEERAIL_SIGNING_KEY, alg}}
      : {}),
  };
}

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {
      port: {type: 'string', default: '4111'},
      target: {type: 'string', default: 'http://127.0.0.1:4010/api/v1'},
      contract: {type: 'string'},
      help: {type: 'boolean', default: false},
    },
    strict: true,
  });
  if (values.help) return console.log(USAGE);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`--port must be a whole number from 1 to 65535, not "${values.port}".\n\n${USAGE}`);
  const compiled =
    values.contract === undefined || !process.env.RUPEERAIL_PARTNER_ID ? await cachedCompiled() : undefined;
  const contract = values.contract
    ? (JSON.parse(fs.readFileSync(values.contract, 'utf8')) as OpenApiDocument)
    : (compiled?.deref as OpenApiDocument);
  let credentials: ProxyCredentials;
  if (process.env.RUPEERAIL_PARTNER_ID) credentials = envCredentials(process.env);
  else {
    const c = (compiled ?? (await cachedCompiled())).sandbox.index.credentials;
    credentials = {
      partnerId: c.partnerId,
      jwtSecret: c.jwtSecret,
      jwtKeyId: SANDBOX_KEY_ID,
      audience: TOKEN_AUDIENCE.sandbox,
      webhookSecret: c.webhookSecret,
      ...(c.signingKey
        ? {signingKey: {keyId: c.signingKey.keyId, privateKey: c.signingKey.privateKey, alg: 'ed25519' as const}}
        : {}),
    };
  }
  const proxy = await startJourneysProxy({
    port,
    target: values.target,
    contract,
    credentials,
    log: (l) => console.log(l),
  });
  console.log(`Journeys proxy: ${proxy.url} -> ${values.target}, signing as ${credentials.partnerId}`);
  console.log(`  webhooks: start the API with --webhook-url ${proxy.webhookUrl}. Ctrl+C stops.`);
  const stop = (): void => void proxy.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && /journeys-proxy\.ts$/.test(process.argv[1])) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
