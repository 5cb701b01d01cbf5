/**
 * `npm run sandbox`: the sandbox on this machine, http://127.0.0.1:4010/api/v1 by default.
 *
 *   npm run sandbox -- --port 4011 --webhook-url http://127.0.0.1:3000/webhooks/rupeerail
 *
 * Answers every documented operation from the contract and the sandbox scenarios (the same engine as the
 * docs), checks the request token, and POSTs webhooks to --webhook-url signed as /docs/v1/webhooks says.
 */
import {parseArgs} from 'node:util';
import {SANDBOX_PORT} from '#core/sandbox/try-it';
import {SIGNATURE_FORMS, type SignatureForm} from '#core/contract/webhook-policy';
import {SandboxSetupError, startSandboxServer} from './lib/sandbox-server';
import {SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import type {Credentials} from '#core/sandbox/model';

const USAGE = `Usage: npm run sandbox -- [--port N] [--webhook-url URL] [--webhook-secret SECRET] [--signature-form FORM] [--test-clock] [--quiet]

  --port N                 port on 127.0.0.1 (default ${SANDBOX_PORT})
  --webhook-url URL        where to POST webhooks (http or https); without it they are only listed
  --webhook-secret SECRET  secret that signs X-Signature (default: the sandbox test secret)
  --signature-form FORM    X-Signature as 1.1.0 signs it (v1=, the default) or as 1.0.0 did (body only, until the sunset)
  --test-clock             POST /__sandbox/clock {"advance_seconds": N} moves the sandbox's time on (tests and journeys only)
  --quiet                  print the URL only, not every request`;

export function parseSandboxArgs(argv: readonly string[]): {
  port: number;
  webhookUrl?: string;
  webhookSecret?: string;
  signatureForm?: SignatureForm;
  testClock?: boolean;
  quiet: boolean;
} {
  const {values} = parseArgs({
    args: [...argv],
    options: {
      port: {type: 'string', default: String(SANDBOX_PORT)},
      'webhook-url': {type: 'string'},
      'webhook-secret': {type: 'string'},
      'signature-form': {type: 'string'},
      quiet: {type: 'boolean', default: false},
      'test-clock': {type: 'boolean', default: false},
      help: {type: 'boolean', default: false},
    },
    strict: true,
  });
  if (values.help) throw new SandboxSetupError(USAGE);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new SandboxSetupError(`--port must be a whole number from 1 to 65535, not "${values.port}".\n\n${USAGE}`);
  const webhookUrl = values['webhook-url'];
  if (webhookUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(webhookUrl))
    throw new SandboxSetupError(`--webhook-url must be an http:// or https:// URL, not "${webhookUrl}".\n\n${USAGE}`);
  const form = values['signature-form'];
  if (form !== undefined && !(SIGNATURE_FORMS as readonly string[]).includes(form))
    throw new SandboxSetupError(
      `--signature-form must be one of ${SIGNATURE_FORMS.join(', ')}, not "${form}".\n\n${USAGE}`,
    );
  return {
    port,
    ...(webhookUrl ? {webhookUrl} : {}),
    ...(values['webhook-secret'] ? {webhookSecret: values['webhook-secret']} : {}),
    ...(form ? {signatureForm: form as SignatureForm} : {}),
    ...(values['test-clock'] ? {testClock: true} : {}),
    quiet: Boolean(values.quiet),
  };
}

/**
 * What `npm run sandbox` prints when it starts: everything a first token needs (the partner id, the
 * secret, the `kid` header and the `aud` claim the sandbox checks), and where webhooks go. `quiet`:
 * the address alone.
 */
export function startBanner(input: {
  readonly url: string;
  readonly credentials: Credentials;
  readonly quiet?: boolean;
  readonly webhookUrl?: string;
  readonly webhookSecret?: string;
}): string[] {
  const {url, credentials, quiet, webhookUrl, webhookSecret} = input;
  if (quiet) return [`RupeeRail sandbox: ${url}`];
  return [
    `RupeeRail sandbox: ${url}`,
    `  sign tokens (HS256) with partnerId ${credentials.partnerId} and JWT secret ${credentials.jwtSecret}, header kid ${SANDBOX_KEY_ID}, claim aud ${TOKEN_AUDIENCE.sandbox}`,
    `  webhooks ${webhookUrl ? `go to ${webhookUrl}` : 'are listed here (add --webhook-url to receive them)'}, signed with ${webhookSecret ? 'your --webhook-secret' : credentials.webhookSecret}`,
    '  sandbox scenarios: /docs/v1/test-data on the docs site, or openapi/scenarios/*.yaml. Ctrl+C stops.',
  ];
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseSandboxArgs>;
  try {
    args = parseSandboxArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  }
  const server = await startSandboxServer({
    port: args.port,
    ...(args.webhookUrl ? {webhookUrl: args.webhookUrl} : {}),
    ...(args.webhookSecret ? {webhookSecret: args.webhookSecret} : {}),
    ...(args.signatureForm ? {signatureForm: args.signatureForm} : {}),
    ...(args.testClock ? {testClock: true} : {}),
    log: args.quiet ? () => undefined : (line) => console.log(line),
  });
  console.log(startBanner({url: server.url, credentials: server.index.credentials, ...args}).join('\n'));
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && /sandbox\.ts$/.test(process.argv[1])) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
