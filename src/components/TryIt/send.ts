/**
 * Sends the Try it panel's request: signs a fresh token, then calls the real sandbox with fetch() or
 * the sandbox engine in this page, and reports each step to the panel's reducer
 * (core/sandbox/try-it-panel.ts), which decides what the reader sees.
 */
import type {Dispatch} from 'react';
import {site} from '@site/site.config';
import {signToken} from '#core/sandbox/crypto';
import {MAX_TOKEN_LIFETIME_SECONDS, SANDBOX_KEY_ID, TOKEN_AUDIENCE} from '#core/sandbox/engine/token';
import {secretProof} from '#core/sandbox/engine/secret-proof';
import {signDelivery} from '#core/sandbox/signature';
import {buildRequest, sandboxBaseUrl, type SentRequest} from '#core/sandbox/try-it';
import {importSigningKey, signingPlan, signingProblem, signSentRequest} from '#core/sandbox/try-it-signing';
import {
  indiaDate,
  proofHeaderOf,
  sendFailure,
  sendProblem,
  signerFor,
  type Answer,
  type PanelAction,
  type PanelState,
  type ShownWebhook,
} from '#core/sandbox/try-it-panel';
import type {Loaded} from './load';

interface Outcome {
  readonly answer: Answer;
  readonly webhooks: readonly ShownWebhook[];
}

const reqId = (): string => `tryit-${crypto.randomUUID()}`;

async function fromRealSandbox(request: SentRequest): Promise<Outcome> {
  const res = await fetch(request.url, {method: request.method, headers: request.headers, body: request.body});
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {answer: {status: res.status, statusText: res.statusText, headers, body: await res.text()}, webhooks: []};
}

/** The engine's answer, and the webhooks the request queued, each signed as it will be delivered. */
async function fromPageSandbox(request: SentRequest, {sandbox, index}: Loaded): Promise<Outcome> {
  const before = new Set(sandbox.pendingWebhooks().map((w) => w.id));
  const res = await sandbox.send(request);
  const sentAt = Date.now();
  const queued = sandbox.pendingWebhooks().filter((w) => !before.has(w.id));
  const webhooks = await Promise.all(
    queued.map(async (w) => ({
      webhook: w.webhook,
      after: Math.round((w.dueAt - sentAt) / 1000),
      // Signed as the engine signs it when it falls due: at its due time, with the test secret.
      headers: await signDelivery(index.credentials.webhookSecret, w.id, w.dueAt / 1000, w.body),
      body: w.body,
    })),
  );
  return {answer: {status: res.status, statusText: '', headers: res.headers, body: res.body}, webhooks};
}

/**
 * The signing key for this send, imported non-extractable (core/sandbox/try-it-signing.ts), or why the
 * request cannot go: checked before anything is signed or sent, so a bad key never reaches the sandbox.
 */
async function signingKeyOf(
  state: PanelState,
  loaded: Loaded,
): Promise<{readonly plan: ReturnType<typeof signingPlan>; readonly key?: CryptoKey} | {readonly problem: string}> {
  const plan = signingPlan(state.mode, state.signature, state.signing, loaded.index.credentials.signingKey);
  const problem = signingProblem(plan, indiaDate(Date.now()));
  if (problem) return {problem};
  if (plan.kind !== 'sign') return {plan};
  const imported = await importSigningKey(plan.pem, plan.alg);
  return 'error' in imported ? {problem: imported.error} : {plan, key: imported.key};
}

/** Sends the draft as the panel's state has it set up; a refused key is reported before anything is signed. */
export async function send(state: PanelState, loaded: Loaded, dispatch: Dispatch<PanelAction>): Promise<void> {
  const refused = sendProblem(state, loaded.settings.tokenTransition);
  if (refused) return dispatch({type: 'refused', problem: refused});
  const signing = await signingKeyOf(state, loaded);
  if ('problem' in signing) return dispatch({type: 'refused', problem: signing.problem});
  dispatch({type: 'sending'});
  try {
    const {index} = loaded;
    const page = {
      jwtSecret: index.credentials.jwtSecret,
      keyId: SANDBOX_KEY_ID,
      baseUrl: sandboxBaseUrl(index.basePath),
    };
    const signer = signerFor(state, page, site.environments.sandbox.baseUrl);
    const iat = Math.floor(Date.now() / 1000);
    const id = reqId();
    // The 1.3.0 token: expiry, audience and the key id (see /HeaderMarkdown): the test secret's in
    // the page's sandbox, the one the reader gave in real mode (none when left empty, which the
    // sandbox accepts until the contract's sunset; the key fields say so).
    const token = await signToken(
      {partnerId: signer.partnerId, iat, exp: iat + MAX_TOKEN_LIFETIME_SECONDS, aud: TOKEN_AUDIENCE.sandbox, reqId: id},
      signer.secret,
      signer.keyId,
    );
    // The proof binds this token's reqId, so it can only be computed now, with the test webhook secret.
    const proof = proofHeaderOf(state);
    const draft = proof
      ? {
          ...state.draft,
          headers: {
            ...state.draft.headers,
            [proof]: await secretProof(index.credentials.webhookSecret, id, state.draft.body ?? ''),
          },
        }
      : state.draft;
    const built = buildRequest(signer.baseUrl, state.example, draft, token);
    // Signed over the request exactly as built, so the headers shown and sent are the ones verified.
    const {plan, key} = signing;
    const request =
      plan.kind === 'sign' && key
        ? await signSentRequest(built, key, {keyId: plan.keyId, alg: plan.alg, nonce: id, created: iat})
        : built;
    dispatch({type: 'built', request});
    const outcome = state.mode === 'real' ? await fromRealSandbox(request) : await fromPageSandbox(request, loaded);
    dispatch({type: 'answered', ...outcome});
  } catch (e) {
    dispatch({type: 'failed', problem: sendFailure(state.mode, (e as Error).message)});
  }
}
