/**
 * The per-operation part of a request sample (issue 34, "Samples that run as pasted"): a call of
 * the language's client wrapper (samples/client/, shown once on /docs/v1/client-wrapper), which makes the
 * token, the secret proof and the request signature, sends, branches on `response_code` and asks
 * the status call on no answer or code 5. httpsnippet's own clients write a program that sends
 * and prints: it cannot hand the exact body bytes to a signer nor branch, so a page shows this
 * call instead, over the request httpsnippet prepared (./snippets.ts: method, URL with the query).
 *
 * Bodies travel as JSON text in each language's raw string form, so what the reader sees is the
 * bytes the wrapper digests, signs and sends.
 */

import {SAMPLE_LANGUAGES} from './languages';

/** One request as the wrapper takes it. */
export interface ClientRequest {
  readonly method: string;
  /** Absolute, with the query string. */
  readonly url: string;
  /** Pretty-printed JSON text, or none. */
  readonly body?: string;
  /** `x-signed-request: true`: the wrapper adds the RFC 9421 signature (openapi/DECISIONS.md). */
  readonly signed?: boolean;
  /** The operation requires `X-Webhook-Secret-Proof` (webhook-secret-rotate). */
  readonly secretProof?: boolean;
}

export interface ClientCall {
  readonly operationId: string;
  readonly request: ClientRequest;
  /** The behaviour model's status call, filled from the request; none when it cannot be. */
  readonly status?: ClientRequest;
  /** The status call's operation id when it cannot be filled from the request (an id only its answer gives). */
  readonly unfilledStatus?: string;
}

/** Where the wrapper is shown, once. */
export const CLIENT_ANCHOR = '/docs/v1/client-wrapper';

const STATUS_NOTE = 'No answer, or response_code 5: the wrapper asks the status call instead of sending again.';

/** The comment over the status call argument, when the operation has a status call. */
function statusNote(call: ClientCall): string | undefined {
  if (call.status) return STATUS_NOTE;
  if (call.unfilledStatus)
    return `${call.unfilledStatus} needs an id only its answer gives: on no answer or code 5 the wrapper stops.`;
  return undefined;
}

/** The comment line (when any) and the status argument line, or nothing for a call without a status call. */
function statusArgument(call: ClientCall, pad: string, comment: string, arg: string, none: string): string[] {
  const note = statusNote(call);
  if (!note) return [];
  return [`${pad}${comment} ${note}`, `${pad}${call.status ? arg : none}`];
}

const needs = (lang: string, where: string): string =>
  `Needs ${SAMPLE_LANGUAGES.find((l) => l.id === lang)?.clientFile}, the client wrapper of ${CLIENT_ANCHOR}, ${where}`;

/** The Java class of an operation: `payout-create-order` -> `PayoutCreateOrder`. */
export const javaClassName = (operationId: string): string =>
  operationId
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

/** Indents every line after the first by `pad`. */
const hang = (text: string, pad: string): string => text.split('\n').join(`\n${pad}`);

/** A raw string form cannot hold this body: say which and why, at build time. */
function refuse(call: ClientCall, lang: string, what: string): never {
  throw new Error(
    `${call.operationId}: the example body holds ${what}, which the ${lang} sample's raw string cannot carry. Fix: change the example in openapi/, or teach core/code/client.ts to escape it.`,
  );
}

const single = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const double = (s: string): string => JSON.stringify(s);

function curl(call: ClientCall): string {
  const {request: r, status: s} = call;
  const shell = (v: string): string => `'${v.replace(/'/g, `'\\''`)}'`;
  if (r.body?.split('\n').includes('JSON')) refuse(call, 'shell', 'a line "JSON"');
  const flags = [r.signed ? 'RR_SIGNED=1 ' : '', r.secretProof ? 'RR_SECRET_PROOF=1 ' : ''].join('');
  const statusArgs = s ? ` \\\n  ${s.method} ${shell(s.url)} ${shell(compact(s.body))}` : '';
  const note = statusNote(call);
  return [
    `# ${needs('curl', 'in this folder.')}`,
    '. ./rupeerail.sh',
    ...(r.body !== undefined ? ["body=$(cat <<'JSON'", r.body, 'JSON', ')'] : []),
    ...(note ? [`# ${note}`] : []),
    `${flags}rr_call ${r.method} ${shell(r.url)} ${r.body !== undefined ? '"$body"' : "''"}${statusArgs}`,
  ].join('\n');
}

/** JSON text on one line, for the status call's small body ('' for none). */
function compact(body: string | undefined): string {
  return body === undefined ? '' : JSON.stringify(JSON.parse(body));
}

function node(call: ClientCall): string {
  const object = (r: ClientRequest, pad: string): string[] => [
    `method: ${single(r.method)}`,
    `url: ${single(r.url)}`,
    ...(r.body !== undefined ? [`body: ${hang(r.body, pad)}`] : []),
    ...(r.signed ? ['signed: true'] : []),
    ...(r.secretProof ? ['secretProof: true'] : []),
  ];
  const {request: r, status: s} = call;
  return [
    `// ${needs('node', 'beside this file.')}`,
    "import {call} from './rupeerail.mjs';",
    '',
    'const answer = await call(',
    '  {',
    ...object(r, '    ').map((l) => `    ${l},`),
    '  },',
    ...statusArgument(
      call,
      '  ',
      '//',
      s ? `{${object({...s, ...(s.body !== undefined ? {body: compact(s.body)} : {})}, '').join(', ')}},` : '',
      'undefined,',
    ),
    ');',
    'console.log(JSON.stringify(answer, null, 2));',
  ].join('\n');
}

/** A JSON value as a Python literal (True, False, None; strings in JSON's form, which Python reads). */
function python(value: unknown, pad = ''): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = `${pad}    `;
  const items = Array.isArray(value)
    ? value.map((v) => python(v, inner))
    : Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${python(v, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (!items.length) return `${open}${close}`;
  return `${open}\n${items.map((i) => `${inner}${i},`).join('\n')}\n${pad}${close}`;
}

/** A small JSON value as a one-line Python literal. */
function pythonInline(value: unknown): string {
  if (value === null || typeof value !== 'object') return python(value);
  if (Array.isArray(value)) return `[${value.map(pythonInline).join(', ')}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}: ${pythonInline(v)}`)
    .join(', ')}}`;
}

function pythonCode(call: ClientCall): string {
  const {request: r, status: s} = call;
  const fields = [
    `"method": ${double(r.method)}`,
    `"url": ${double(r.url)}`,
    ...(r.body !== undefined ? [`"body": ${python(JSON.parse(r.body), '    ')}`] : []),
    ...(r.signed ? ['"signed": True'] : []),
    ...(r.secretProof ? ['"secret_proof": True'] : []),
  ];
  const status = s
    ? `{"method": ${double(s.method)}, "url": ${double(s.url)}${s.body !== undefined ? `, "body": ${pythonInline(JSON.parse(s.body))}` : ''}}`
    : '';
  return [
    `# ${needs('python', 'beside this file.')}`,
    'import json',
    'from rupeerail import call',
    '',
    'answer = call(',
    '    {',
    ...fields.map((f) => `        ${hang(f, '    ')},`),
    '    },',
    ...statusArgument(call, '    ', '#', `${status},`, 'None,'),
    ')',
    'print(json.dumps(answer, indent=2, ensure_ascii=False))',
  ].join('\n');
}

function php(call: ClientCall): string {
  const {request: r, status: s} = call;
  if (r.body?.split('\n').some((l) => l.trim() === 'JSON')) refuse(call, 'PHP', 'a line "JSON"');
  const pad = '            ';
  const fields = [
    `'method' => ${single(r.method)}`,
    `'url' => ${single(r.url)}`,
    ...(r.body !== undefined ? [`'body' => <<<'JSON'\n${pad}${hang(r.body, pad)}\n${pad}JSON`] : []),
    ...(r.signed ? ["'signed' => true"] : []),
    ...(r.secretProof ? ["'secret_proof' => true"] : []),
  ];
  const status = s
    ? `['method' => ${single(s.method)}, 'url' => ${single(s.url)}${s.body !== undefined ? `, 'body' => ${single(compact(s.body))}` : ''}]`
    : '';
  return [
    '<?php',
    `// ${needs('php', 'beside this file.')}`,
    "require __DIR__ . '/rupeerail.php';",
    '',
    '$answer = rupeerail_call(',
    '    [',
    ...fields.map((f) => `        ${f},`),
    '    ],',
    ...statusArgument(call, '    ', '//', `${status},`, 'null,'),
    ');',
    'echo json_encode($answer, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), PHP_EOL;',
  ].join('\n');
}

function java(call: ClientCall): string {
  const {request: r, status: s} = call;
  const pad = '                        ';
  // A text block (Java 15+): its indentation up to the closing quotes is not part of the string.
  const block = (body: string): string =>
    `"""\n${pad}${hang(body.replace(/\\/g, '\\\\').replace(/"""/g, '\\"""'), pad)}"""`;
  const request = (x: ClientRequest, body: (b: string) => string): string =>
    `new RupeeRail.Request(${double(x.method)}, ${double(x.url)}, ${x.body !== undefined ? body(x.body) : 'null'})` +
    (x.signed ? '.withSignature()' : '') +
    (x.secretProof ? '.withSecretProof()' : '');
  const name = javaClassName(call.operationId);
  return [
    `// ${needs('java', 'in this folder:')}`,
    `// javac RupeeRail.java ${name}.java && java ${name}`,
    `public class ${name} {`,
    '    public static void main(String[] args) throws Exception {',
    '        String answer = RupeeRail.call(',
    ...(statusNote(call)
      ? [
          `                ${request(r, block)},`,
          ...statusArgument(
            call,
            '                ',
            '//',
            `${s ? request(s, (b) => double(compact(b))) : ''});`,
            'null);',
          ),
        ]
      : [`                ${request(r, block)});`]),
    '        System.out.println(answer);',
    '    }',
    '}',
  ].join('\n');
}

function csharp(call: ClientCall): string {
  const {request: r, status: s} = call;
  const verbatim = (text: string): string => `@"${text.replace(/"/g, '""')}"`;
  const request = (x: ClientRequest, body: string | undefined): string => {
    const init = [x.signed ? 'Signed = true' : '', x.secretProof ? 'SecretProof = true' : ''].filter(Boolean);
    return (
      `new RupeeRail.Request(${double(x.method)}, ${double(x.url)}${body !== undefined ? `, ${body}` : ''})` +
      (init.length ? ` { ${init.join(', ')} }` : '')
    );
  };
  return [
    `// ${needs('csharp', 'in this project (.NET 6+).')}`,
    'var answer = await RupeeRail.CallAsync(',
    ...(statusNote(call)
      ? [
          `    ${request(r, r.body !== undefined ? verbatim(r.body) : undefined)},`,
          ...statusArgument(
            call,
            '    ',
            '//',
            `${s ? request(s, s.body !== undefined ? verbatim(compact(s.body)) : undefined) : ''});`,
            'null);',
          ),
        ]
      : [`    ${request(r, r.body !== undefined ? verbatim(r.body) : undefined)});`]),
    'Console.WriteLine(answer);',
  ].join('\n');
}

function go(call: ClientCall): string {
  const {request: r, status: s} = call;
  const raw = (text: string): string => {
    if (text.includes('`')) refuse(call, 'Go', 'a backquote');
    return `\`${text}\``;
  };
  const literal = (x: ClientRequest, body: string | undefined): string =>
    [
      `Method: ${double(x.method)}`,
      `URL: ${double(x.url)}`,
      ...(body !== undefined ? [`Body: ${body}`] : []),
      ...(x.signed ? ['Signed: true'] : []),
      ...(x.secretProof ? ['SecretProof: true'] : []),
    ].join(', ');
  return [
    `// ${needs('go', 'in this folder:')}`,
    '// go run main.go rupeerail.go',
    'package main',
    '',
    'import (',
    '\t"fmt"',
    '\t"log"',
    ')',
    '',
    'func main() {',
    `\trequest := Request{${literal(r, undefined)}}`,
    ...(r.body !== undefined ? [`\trequest.Body = ${raw(r.body)}`] : []),
    ...statusArgument(
      call,
      '\t',
      '//',
      s ? `status := &Request{${literal(s, s.body !== undefined ? raw(compact(s.body)) : undefined)}}` : '',
      'var status *Request',
    ),
    `\tanswer, err := Call(request, ${statusNote(call) ? 'status' : 'nil'})`,
    '\tif err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '\tfmt.Println(answer)',
    '}',
  ].join('\n');
}

const WRITERS: Readonly<Record<string, (call: ClientCall) => string>> = {
  curl,
  node,
  python: pythonCode,
  php,
  java,
  csharp,
  go,
};

/** The per-operation part in one language of the registry. */
export function clientCode(lang: string, call: ClientCall): string {
  const write = WRITERS[lang];
  if (!write)
    throw new Error(
      `core/code/client.ts has no sample writer for language "${lang}": add one beside the others, and its wrapper to samples/client/.`,
    );
  return write(call);
}
