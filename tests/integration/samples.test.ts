/**
 * The hand-written samples shown on /HeaderMarkdown and every webhook page are
 * executed here, so that what readers paste actually works: token signing and
 * signature checks in Node.js, Python and the shell, against fixed vectors.
 */
import {execFileSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it, onTestFinished} from 'vitest';
import {authenticate, SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import {memoryStore} from '#core/sandbox/engine/types';
import {WEBHOOK_BODY, WEBHOOK_ID, WEBHOOK_SECRET, WEBHOOK_SIGNATURE, WEBHOOK_TS} from '../unit/webhook-vector';
import {SIGNING_KEY, SIGNING_KEY_ID, SIGNING_PUBLIC_JWK} from '../unit/signing-vector';

/** Whether a program is on the PATH, for the samples whose runtime not every machine has. */
const hasCommand = (name: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`]);
    return true;
  } catch {
    return false;
  }
};

const SAMPLES = path.resolve(__dirname, '../../samples');
const SECRET = 'test-partner-secret-4f1d2c';
/** The secret before a rotation: during the overlap deliveries carry a signature for each. */
const PREVIOUS_SECRET = 'whsec_test_old_91ab07';
/** Fixed vector: this exact delivery, keyed with the secrets above. */
const ID = WEBHOOK_ID;
const TS = WEBHOOK_TS;
const BODY = WEBHOOK_BODY;
const SIGNATURE = WEBHOOK_SIGNATURE;
const hmacV1 = (secret: string, body = BODY): string =>
  `v1=${crypto.createHmac('sha256', secret).update(`${ID}.${TS}.${body}`).digest('hex')}`;
const NOW = Number(TS) + 30;

/** The token's claims, after the sandbox's own check (with the 1.3.0 claims, not the legacy form) passed it. */
async function checkToken(token: string): Promise<Record<string, unknown>> {
  const [header, payload, signature] = token.trim().split('.');
  expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
    alg: 'HS256',
    typ: 'JWT',
    kid: SANDBOX_KEY_ID,
  });
  const expected = crypto.createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
  expect(signature).toBe(expected);
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  expect(claims).toMatchObject({partnerId: 'PS001234', aud: TOKEN_AUDIENCE.sandbox});
  expect(Math.abs(Number(claims.iat) - Date.now() / 1000)).toBeLessThan(60);
  expect(Number(claims.exp) - Number(claims.iat)).toBe(60);
  expect(typeof claims.reqId).toBe('string');
  const keys = {
    jwtSecret: SECRET,
    keyId: SANDBOX_KEY_ID,
    revokedKeyIds: new Set<string>(),
    audience: TOKEN_AUDIENCE.sandbox,
    partnerIds: new Set(['PS001234']),
  };
  expect(await authenticate(`Bearer ${token.trim()}`, keys, Date.now(), memoryStore())).toEqual({
    partnerId: 'PS001234',
    reqId: claims.reqId,
  });
  return claims;
}

const env = {
  ...process.env,
  PARTNER_ID: 'PS001234',
  PARTNER_KEY_ID: SANDBOX_KEY_ID,
  PARTNER_SECRET: SECRET,
  WEBHOOK_SECRET,
};

describe('token samples (samples/jwt)', () => {
  it('Node.js signs a valid HS256 token with kid, exp, aud and a fresh reqId', async () => {
    const a = await checkToken(execFileSync('node', [path.join(SAMPLES, 'jwt/jwt.mjs')], {env}).toString());
    const b = await checkToken(execFileSync('node', [path.join(SAMPLES, 'jwt/jwt.mjs')], {env}).toString());
    expect(a.reqId).not.toBe(b.reqId);
  });

  it('Python signs a valid HS256 token', async () => {
    await checkToken(execFileSync('python3', [path.join(SAMPLES, 'jwt/jwt.py')], {env}).toString());
  });

  it('the shell sample signs a valid HS256 token', async () => {
    await checkToken(execFileSync('bash', [path.join(SAMPLES, 'jwt/jwt.sh')], {env}).toString());
  });

  // Java runs a single source file directly (JEP 330); skipped where no JDK is installed.
  it.runIf(hasCommand('java'))(
    'the Java sample signs a valid HS256 token',
    async () => {
      await checkToken(execFileSync('java', [path.join(SAMPLES, 'jwt/jwt.java')], {env}).toString());
    },
    60_000,
  );

  it('every sample in the other languages sends kid, exp and aud', () => {
    for (const file of ['jwt.cs', 'jwt.go', 'jwt.java', 'jwt.php']) {
      const text = fs.readFileSync(path.join(SAMPLES, 'jwt', file), 'utf8');
      for (const word of ['kid', 'exp', 'aud', 'PARTNER_KEY_ID', TOKEN_AUDIENCE.sandbox])
        expect([file, text.includes(word)]).toEqual([file, true]);
    }
  });
});

describe('signature samples (samples/verify)', () => {
  const ROTATING = `${hmacV1(PREVIOUS_SECRET)} ${hmacV1(WEBHOOK_SECRET)}`;
  /** [what, body, signature header, secrets, now, expected] */
  const CASES: [string, string, string, string[], number, boolean][] = [
    ['the signed delivery', BODY, SIGNATURE, [WEBHOOK_SECRET], NOW, true],
    ['a body re-serialised with a space', `${BODY} `, SIGNATURE, [WEBHOOK_SECRET], NOW, false],
    ['a timestamp 301 seconds old', BODY, SIGNATURE, [WEBHOOK_SECRET], Number(TS) + 301, false],
    ['the wrong secret', BODY, SIGNATURE, [PREVIOUS_SECRET], NOW, false],
    ['two signatures during a rotation, verified with the new secret', BODY, ROTATING, [WEBHOOK_SECRET], NOW, true],
    ['two signatures during a rotation, verified with the old secret', BODY, ROTATING, [PREVIOUS_SECRET], NOW, true],
    ['an empty header', BODY, '', [WEBHOOK_SECRET], NOW, false],
  ];

  it('the fixed vector is what HMAC-SHA256 of id.timestamp.body gives', () => {
    expect(hmacV1(WEBHOOK_SECRET)).toBe(SIGNATURE);
  });

  it('Node.js accepts the signed delivery and rotation, and rejects tampering, staleness and a wrong secret', async () => {
    const {verifyWebhook} = (await import(path.join(SAMPLES, 'verify/verify.mjs'))) as {
      verifyWebhook: (body: Buffer, id: string, ts: string, sig: string, secrets: string[], now: number) => boolean;
    };
    expect(
      CASES.map(([what, body, sig, secrets, now]) => [
        what,
        verifyWebhook(Buffer.from(body), ID, TS, sig, secrets, now),
      ]),
    ).toEqual(CASES.map(([what, , , , , ok]) => [what, ok]));
  });

  it('Python gives the same answers', () => {
    const script = [
      'import importlib.util, json, sys',
      `spec = importlib.util.spec_from_file_location("v", ${JSON.stringify(path.join(SAMPLES, 'verify/verify.py'))})`,
      'm = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)',
      'cases = json.load(sys.stdin)',
      `print(json.dumps([m.verify_webhook(c[1].encode(), ${JSON.stringify(ID)}, ${JSON.stringify(TS)}, c[2], c[3], c[4]) for c in cases]))`,
    ].join('\n');
    const out = execFileSync('python3', ['-c', script], {input: JSON.stringify(CASES)}).toString();
    expect(JSON.parse(out)).toEqual(CASES.map((c) => c[5]));
  });

  it('the shell sample checks a saved delivery, with the previous secret during a rotation', () => {
    const dir = tempDir('verify-');
    const file = path.join(dir, 'body.json');
    fs.writeFileSync(file, BODY);
    const run = (sig: string, extra: Record<string, string> = {}): string =>
      execFileSync('bash', [path.join(SAMPLES, 'verify/verify.sh'), file, ID, TS, sig], {
        env: {...env, TOLERANCE: '0', ...extra},
      })
        .toString()
        .trim();
    expect(run(SIGNATURE)).toBe('valid');
    expect(run(`${hmacV1(PREVIOUS_SECRET)} ${SIGNATURE}`)).toBe('valid');
    expect(run(hmacV1(PREVIOUS_SECRET), {WEBHOOK_SECRET_PREVIOUS: PREVIOUS_SECRET})).toBe('valid');
    expect(() => run(hmacV1(PREVIOUS_SECRET))).toThrow();
    expect(() =>
      execFileSync('bash', [path.join(SAMPLES, 'verify/verify.sh'), file, ID, TS, SIGNATURE], {
        env: {...env, TOLERANCE: '300'},
      }),
    ).toThrow(); // the vector's timestamp is long past
  });

  // The page tells every reader to give the verifier a fixed clock (docs/v1/webhooks/index.mdx: "the
  // samples take a `now`"): PHP and Go are run on the same cases through that argument.
  it.skipIf(!hasCommand('php'))('PHP gives the same answers, with the clock passed as $now', () => {
    const dir = tempDir('verify-php-');
    // The function alone: the sample's last lines answer a real request from php://input.
    const source = fs.readFileSync(path.join(SAMPLES, 'verify/verify.php'), 'utf8');
    fs.writeFileSync(path.join(dir, 'verify.php'), source.slice(0, source.indexOf('\n$rawBody = ')));
    const script = `require ${JSON.stringify(path.join(dir, 'verify.php'))};
      $cases = json_decode(stream_get_contents(STDIN), true);
      echo json_encode(array_map(fn($c) => verifyWebhook($c[1], ${JSON.stringify(ID)}, ${JSON.stringify(TS)}, $c[2], $c[3], $c[4]), $cases));`;
    const out = execFileSync('php', ['-r', script], {input: JSON.stringify(CASES)}).toString();
    expect(JSON.parse(out)).toEqual(CASES.map((c) => c[5]));
  });

  it.skipIf(!hasCommand('go'))(
    'Go gives the same answers, with the clock passed to VerifyWebhookAt',
    () => {
      const dir = tempDir('verify-go-');
      fs.mkdirSync(path.join(dir, 'webhook'));
      fs.copyFileSync(path.join(SAMPLES, 'verify/verify.go'), path.join(dir, 'webhook', 'verify.go'));
      fs.writeFileSync(path.join(dir, 'go.mod'), 'module verify\n\ngo 1.19\n');
      const calls = CASES.map(
        ([, body, sig, secrets, now]) =>
          `fmt.Print(webhook.VerifyWebhookAt([]byte(${JSON.stringify(body)}), ${JSON.stringify(ID)}, ${JSON.stringify(TS)}, ${JSON.stringify(sig)}, []string{${secrets.map((x) => JSON.stringify(x)).join(', ')}}, time.Unix(${now}, 0)), " ")`,
      );
      fs.writeFileSync(
        path.join(dir, 'main.go'),
        `package main\n\nimport (\n\t"fmt"\n\t"time"\n\n\t"verify/webhook"\n)\n\nfunc main() {\n\t${calls.join('\n\t')}\n}\n`,
      );
      execFileSync('go', ['build', '-o', 'verify', '.'], {cwd: dir});
      const out = execFileSync(path.join(dir, 'verify')).toString().trim();
      expect(out).toBe(CASES.map((c) => String(c[5])).join(' '));
    },
    120_000,
  );

  it.skipIf(!hasJava())(
    'Java gives the same answers',
    () => {
      const dir = tempDir('verify-java-');
      fs.copyFileSync(path.join(SAMPLES, 'verify/verify.java'), path.join(dir, 'WebhookSignature.java'));
      const calls = CASES.map(
        ([, body, sig, secrets, now]) =>
          `System.out.print(WebhookSignature.verify(${JSON.stringify(body)}.getBytes(java.nio.charset.StandardCharsets.UTF_8), ${JSON.stringify(ID)}, ${JSON.stringify(TS)}, ${JSON.stringify(sig)}, java.util.List.of(${secrets.map((x) => JSON.stringify(x)).join(', ')}), ${now}L) + " ");`,
      );
      fs.writeFileSync(
        path.join(dir, 'Main.java'),
        `public class Main { public static void main(String[] a) throws Exception { ${calls.join(' ')} } }`,
      );
      execFileSync('javac', ['-d', dir, path.join(dir, 'WebhookSignature.java'), path.join(dir, 'Main.java')]);
      const out = execFileSync('java', ['-cp', dir, 'Main']).toString().trim();
      expect(out).toBe(CASES.map((c) => String(c[5])).join(' '));
    },
    60_000,
  );
});

/** A folder of the test's own in the system's temporary folder, removed when the test ends. */
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onTestFinished(() => fs.rmSync(dir, {recursive: true, force: true}));
  return dir;
}

function hasJava(): boolean {
  try {
    execFileSync('javac', ['-version'], {stdio: 'ignore'});
    return true;
  } catch {
    return false;
  }
}

describe('the signed example and the replay script on the deliveries guide (docs/v1/webhooks/index.mdx)', () => {
  const page = fs.readFileSync(path.resolve(__dirname, '../../docs/v1/webhooks/index.mdx'), 'utf8');
  const fenced = (title: string): string => {
    const m = new RegExp('```\\w+ title="' + title + '"[^\\n]*\\n([\\s\\S]*?)\\n```').exec(page);
    if (!m) throw new Error(`no fenced block titled ${title} on the deliveries guide`);
    return m[1] as string;
  };
  type Verify = (body: Buffer, id: string, ts: string, sig: string, secrets: string[], now?: number) => boolean;
  const load = async (): Promise<Verify> =>
    ((await import(path.join(SAMPLES, 'verify/verify.mjs'))) as {verifyWebhook: Verify}).verifyWebhook;

  it('the example delivery verifies with the test secret, as the page says', async () => {
    const headers = Object.fromEntries(
      fenced('Headers')
        .split('\n')
        .map((l) => l.split(': ') as [string, string]),
    );
    const verifyWebhook = await load();
    const ok = verifyWebhook(
      Buffer.from(fenced('Body')),
      headers['X-Webhook-Id'] ?? '',
      headers['X-Webhook-Timestamp'] ?? '',
      headers['X-Signature'] ?? '',
      [WEBHOOK_SECRET],
      1763097157,
    );
    expect(ok).toBe(true);
  });

  it('send-test-delivery.sh posts a delivery that the Node.js verifier accepts', async () => {
    const verifyWebhook = await load();
    const dir = tempDir('replay-');
    const script = path.join(dir, 'send-test-delivery.sh');
    const body = path.join(dir, 'body.json');
    fs.writeFileSync(script, fenced('send-test-delivery.sh'));
    fs.writeFileSync(body, fenced('Body'));
    const http = await import('node:http');
    const received: boolean[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const h = (name: string): string => String(req.headers[name] ?? '');
        const ok = verifyWebhook(Buffer.concat(chunks), h('x-webhook-id'), h('x-webhook-timestamp'), h('x-signature'), [
          WEBHOOK_SECRET,
        ]);
        received.push(ok);
        res.writeHead(ok ? 204 : 401).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const {port} = server.address() as {port: number};
    try {
      const {execFile} = await import('node:child_process');
      const {promisify} = await import('node:util');
      const {stdout: out} = await promisify(execFile)('bash', [script, `http://127.0.0.1:${port}/webhooks`, body], {
        env,
      });
      expect(out).toMatch(/^HTTP\/1\.1 204/);
      expect(received).toEqual([true]);
    } finally {
      server.close();
    }
  });
});

/**
 * The request signature of each client wrapper (samples/client/), held to openapi/DECISIONS.md:
 * the DECISIONS example (POST /api/v1/service/payout/orders) signed in each language, the headers
 * compared with the signature base written here from the DECISIONS text, and the signature checked
 * by node:crypto, with the sandbox's Ed25519 test key and with a P-256 key (whose DER signatures
 * the Java, Python, PHP, Go and shell wrappers convert to the raw r || s). C# cannot run here.
 */
describe('request signatures (samples/client)', () => {
  const CLIENT = path.resolve(__dirname, '../../samples/client');
  const URL = 'https://sandbox.rupeerail.example/api/v1/service/payout/orders';
  const BODY = '{"referenceid":"RR-PO-20251114-000412","amount":18500}';
  const AUTHORIZATION = 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig';
  const CREATED = 1764000000;
  /** ECDSA signs with fresh randomness each time: several nonces meet r and s with the high bit set (DER's 33 bytes). */
  const NONCES = ['req-1', 'req-2', 'req-3', 'req-4', 'req-5', 'req-6', 'req-7', 'req-8'];
  const ecKey = crypto.generateKeyPairSync('ec', {namedCurve: 'P-256'});
  const KEYS = {
    ed25519: {
      privateKey: SIGNING_KEY,
      publicKey: crypto.createPublicKey({key: SIGNING_PUBLIC_JWK, format: 'jwk'}),
    },
    'ecdsa-p256-sha256': {
      privateKey: ecKey.privateKey.export({format: 'der', type: 'pkcs8'}).toString('base64'),
      publicKey: ecKey.publicKey,
    },
  } as const;
  type Alg = keyof typeof KEYS;

  /** The signature base of DECISIONS.md, line for line. */
  const expected = (alg: Alg, nonce: string) => {
    const digest = `sha-256=:${crypto.createHash('sha256').update(BODY).digest('base64')}:`;
    const params = `("@method" "@path" "content-digest" "authorization");created=${CREATED};keyid="${SIGNING_KEY_ID}";alg="${alg}";nonce="${nonce}"`;
    const base = [
      '"@method": POST',
      '"@path": /api/v1/service/payout/orders',
      `"content-digest": ${digest}`,
      `"authorization": ${AUTHORIZATION}`,
      `"@signature-params": ${params}`,
    ].join('\n');
    return {digest, input: `sig1=${params}`, base};
  };

  /** "Name: value" lines, a blank line between the header sets of two nonces. */
  const headerSets = (stdout: string): Record<string, string>[] =>
    stdout
      .trim()
      .split(/\n\s*\n/)
      .map((set) =>
        Object.fromEntries(
          set.split('\n').map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)] as const),
        ),
      );

  /** Each language's headers for every nonce, printed by its wrapper's own signing function. */
  const DRIVERS: Record<string, (env: NodeJS.ProcessEnv) => string> = {
    node: (e) =>
      execFileSync(
        'node',
        [
          '--input-type=module',
          '-e',
          `const {signatureHeaders} = await import(${JSON.stringify(path.join(CLIENT, 'rupeerail.mjs'))});
for (const nonce of ${JSON.stringify(NONCES)}) {
  for (const [k, v] of Object.entries(signatureHeaders('POST', ${JSON.stringify(URL)}, ${JSON.stringify(BODY)}, ${JSON.stringify(AUTHORIZATION)}, nonce, ${CREATED}))) console.log(k + ': ' + v);
  console.log('');
}`,
        ],
        {env: e},
      ).toString(),
    python: (e) =>
      execFileSync(
        'python3',
        [
          '-c',
          `import sys; sys.path.insert(0, ${JSON.stringify(CLIENT)}); import rupeerail
for nonce in ${JSON.stringify(NONCES)}:
    for k, v in rupeerail.signature_headers("POST", ${JSON.stringify(URL)}, ${JSON.stringify(BODY)}, ${JSON.stringify(AUTHORIZATION)}, nonce, ${CREATED}).items(): print(k + ": " + v)
    print()`,
        ],
        {env: e},
      ).toString(),
    shell: (e) =>
      execFileSync(
        'bash',
        [
          '-c',
          `. ${JSON.stringify(path.join(CLIENT, 'rupeerail.sh'))}
for nonce in ${NONCES.join(' ')}; do rr_signature_headers POST '${URL}' '${BODY}' '${AUTHORIZATION}' "$nonce" ${CREATED}; echo; done`,
        ],
        {env: e},
      ).toString(),
    php: (e) =>
      execFileSync(
        'php',
        [
          '-r',
          `require ${JSON.stringify(path.join(CLIENT, 'rupeerail.php'))};
foreach (${JSON.stringify(NONCES)} as $nonce) {
  foreach (rupeerail_signature_headers('POST', '${URL}', '${BODY}', '${AUTHORIZATION}', $nonce, ${CREATED}) as $k => $v) echo "$k: $v\\n";
  echo "\\n";
}`,
        ],
        {env: e},
      ).toString(),
    java: (e) => {
      const dir = tempDir('sign-java-');
      fs.copyFileSync(path.join(CLIENT, 'RupeeRail.java'), path.join(dir, 'RupeeRail.java'));
      fs.writeFileSync(
        path.join(dir, 'Main.java'),
        `public class Main { public static void main(String[] nonces) throws Exception { for (String nonce : nonces) { RupeeRail.signatureHeaders("POST", ${JSON.stringify(URL)}, ${JSON.stringify(BODY)}, ${JSON.stringify(AUTHORIZATION)}, nonce, ${CREATED}L).forEach((k, v) -> System.out.println(k + ": " + v)); System.out.println(); } } }`,
      );
      execFileSync('javac', ['-d', dir, path.join(dir, 'RupeeRail.java'), path.join(dir, 'Main.java')]);
      return execFileSync('java', ['-cp', dir, 'Main', ...NONCES], {env: e}).toString();
    },
    go: (e) => {
      const dir = tempDir('sign-go-');
      fs.copyFileSync(path.join(CLIENT, 'rupeerail.go'), path.join(dir, 'rupeerail.go'));
      fs.writeFileSync(path.join(dir, 'go.mod'), 'module sign\n\ngo 1.19\n');
      fs.writeFileSync(
        path.join(dir, 'main.go'),
        `package main

import (
	"fmt"
	"os"
)

func main() {
	for _, nonce := range os.Args[1:] {
		headers, err := SignatureHeaders("POST", ${JSON.stringify(URL)}, ${JSON.stringify(BODY)}, ${JSON.stringify(AUTHORIZATION)}, nonce, ${CREATED})
		if err != nil {
			panic(err)
		}
		for _, k := range []string{"Content-Digest", "Signature-Input", "Signature"} {
			fmt.Printf("%s: %s\\n", k, headers[k])
		}
		fmt.Println()
	}
}
`,
      );
      execFileSync('go', ['build', '-o', 'sign', '.'], {cwd: dir});
      return execFileSync(path.join(dir, 'sign'), NONCES, {env: e}).toString();
    },
  };

  for (const [lang, driver] of Object.entries(DRIVERS)) {
    for (const alg of Object.keys(KEYS) as Alg[]) {
      it(`${lang} signs the DECISIONS example with ${alg}, verified by node:crypto`, () => {
        const {privateKey, publicKey} = KEYS[alg];
        const sets = headerSets(
          driver({
            ...process.env,
            PARTNER_SIGNING_ALG: alg,
            PARTNER_SIGNING_KEY: privateKey,
            PARTNER_SIGNING_KEY_ID: SIGNING_KEY_ID,
          }),
        );
        expect(sets).toHaveLength(NONCES.length);
        for (const [i, headers] of sets.entries()) {
          const want = expected(alg, NONCES[i] as string);
          expect([headers['Content-Digest'], headers['Signature-Input']]).toEqual([want.digest, want.input]);
          const m = /^sig1=:([A-Za-z0-9+/]+={0,2}):$/.exec(headers.Signature ?? '');
          expect(m, `${lang}: Signature is sig1=:<base64>:, got ${headers.Signature}`).not.toBeNull();
          const signature = Buffer.from(m?.[1] ?? '', 'base64');
          // Raw r || s for ECDSA, never DER; Ed25519 signatures are 64 bytes too.
          expect(signature).toHaveLength(64);
          const ok =
            alg === 'ed25519'
              ? crypto.verify(null, Buffer.from(want.base), publicKey, signature)
              : crypto.verify('sha256', Buffer.from(want.base), {key: publicKey, dsaEncoding: 'ieee-p1363'}, signature);
          expect(ok, `${lang} ${alg}: the signature verifies over the DECISIONS base (nonce ${NONCES[i]})`).toBe(true);
        }
      }, 60_000);
    }
  }
});
