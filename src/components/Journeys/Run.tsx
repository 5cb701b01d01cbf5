/**
 * The in-page journey runner, loaded on first use (./index.tsx): runs one workflow step by step
 * against a sandbox engine of its own in this page (core/journeys/engine-port.ts: the documented
 * test credentials, a clock that a clock step moves on, so nothing waits), showing each step's
 * request, answer, state and the webhooks that follow. The stepping is core/journeys/run.ts, the
 * same runner the unit test drives; this file loads the workflow and lays out what it reports.
 */
import {useEffect, useState, type ReactNode} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import {enginePort} from '#core/journeys/engine-port';
import {journeyFile} from '#core/journeys/names';
import {finished, runNextStep, startRun, type RunnerPort, type RunState, type StepRun} from '#core/journeys/run';
import type {Journey} from '#core/journeys/view';
import {pretty} from '#core/sandbox/try-it-panel';
import BreakableName from '@site/src/components/BreakableName';
import InlineText from '@site/src/components/InlineText';
import SandboxBox from '@site/src/components/TryIt/Box';
import {json, loadFamily, loadIndex} from '@site/src/components/TryIt/load';

interface Props {
  readonly workflow: string;
}

interface Loaded {
  readonly journey: Journey;
  readonly port: RunnerPort & {now(): number};
}

/** A new engine for a new run: a run starts from an empty sandbox, as Respect's run does. */
async function load(workflow: string): Promise<Loaded> {
  const [index, journey] = await Promise.all([loadIndex(), json<Journey>(journeyFile(workflow))]);
  return {journey, port: enginePort({index, loadFamily, start: Date.now(), uuid: () => crypto.randomUUID()})};
}

function Request({run}: {readonly run: StepRun}): ReactNode {
  if (!run.request) return null;
  return (
    <>
      <p className="api-sandbox__note">
        <Translate
          id="journeys.request"
          values={{
            call: (
              <code>
                <BreakableName name={`${run.request.method} ${run.request.url}`} />
              </code>
            ),
          }}>
          {'Request: {call}'}
        </Translate>
      </p>
      {run.request.body && (
        <pre className="api-sandbox__code" tabIndex={0}>
          {pretty(run.request.body)}
        </pre>
      )}
    </>
  );
}

function Answer({run}: {readonly run: StepRun}): ReactNode {
  if (!run.answer) return null;
  return (
    <>
      <p className="api-sandbox__note">
        {run.delivery ? (
          <Translate id="journeys.delivery" values={{webhook: <code>{run.delivery.webhook}</code>}}>
            {'Delivered: {webhook}, signed with the test webhook secret'}
          </Translate>
        ) : (
          <Translate id="journeys.answer" values={{status: run.answer.status}}>
            {'Answer: HTTP {status}'}
          </Translate>
        )}
        {run.state && (
          <>
            {' '}
            <Translate id="journeys.state" values={{state: <code>{run.state}</code>}}>
              {'(state {state})'}
            </Translate>
          </>
        )}
      </p>
      <pre className="api-sandbox__code" tabIndex={0}>
        {pretty(run.answer.body)}
      </pre>
    </>
  );
}

/** The webhooks the step queued, each with when it falls due on the run's clock. */
function Follows({run, now}: {readonly run: StepRun; readonly now: number}): ReactNode {
  if (!run.follows.length) return null;
  return (
    <ul className="api-sandbox__webhook">
      {run.follows.map((w) => (
        <li key={w.id}>
          <Translate
            id="journeys.follows"
            values={{webhook: <code>{w.webhook}</code>, after: Math.max(0, Math.round((w.dueAt - now) / 1000))}}>
            {'Follows: {webhook}, due {after} s after this step'}
          </Translate>
        </li>
      ))}
    </ul>
  );
}

function StepView({
  step,
  run,
  now,
}: {
  readonly step: Journey['steps'][number];
  readonly run?: StepRun;
  readonly now: number;
}): ReactNode {
  const failed = Boolean(run?.failures.length);
  return (
    <li className="api-journey__step" data-status={run ? (failed ? 'failed' : 'passed') : 'waiting'}>
      <p>
        <strong>
          {run
            ? failed
              ? translate({id: 'journeys.failed', message: 'Failed'})
              : translate({id: 'journeys.passed', message: 'Passed'})
            : translate({id: 'journeys.waiting', message: 'Not run yet'})}
        </strong>{' '}
        {/* The description is CommonMark (Arazzo): its code spans as code, as the steps above show them. */}
        <InlineText text={step.description} />
      </p>
      {run && (
        <>
          <Request run={run} />
          <Answer run={run} />
          <Follows run={run} now={now} />
          {failed && (
            <div className="api-sandbox__fail" role="alert">
              {run.failures.map((f) => (
                <p key={f}>{f}</p>
              ))}
            </div>
          )}
        </>
      )}
    </li>
  );
}

/** The workflow and a fresh engine; again on "Start again". */
function useRun(workflow: string) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [state, setState] = useState<RunState>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    load(workflow).then(
      (l) => {
        if (!current) return;
        setLoaded(l);
        setState(startRun(l.journey));
      },
      (e: Error) => current && setProblem(e.message),
    );
    return () => {
      current = false;
    };
  }, [workflow, generation]);
  const restart = (): void => {
    setState(undefined);
    setGeneration((g) => g + 1);
  };
  const step = async (toEnd: boolean): Promise<void> => {
    if (!loaded || !state) return;
    setBusy(true);
    try {
      let next = await runNextStep(loaded.journey, state, loaded.port);
      while (toEnd && !finished(loaded.journey, next)) next = await runNextStep(loaded.journey, next, loaded.port);
      setState(next);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return {loaded, state, problem, busy, step, restart};
}

export default function Run({workflow}: Props): ReactNode {
  const {loaded, state, problem, busy, step, restart} = useRun(workflow);
  const title = translate({id: 'journeys.title', message: 'Journey runner'});
  if (problem)
    return (
      <SandboxBox title={title}>
        <div className="api-sandbox__fail" role="alert">
          <p>{problem}</p>
        </div>
      </SandboxBox>
    );
  if (!loaded || !state)
    return (
      <SandboxBox title={title}>
        <p role="status">{translate({id: 'journeys.loading', message: 'Loading the sandbox…'})}</p>
      </SandboxBox>
    );
  const {journey, port} = loaded;
  const done = finished(journey, state);
  const last = state.runs.at(-1);
  return (
    <SandboxBox title={`${title}: ${journey.summary}`}>
      <p className="api-sandbox__note">
        <Translate id="journeys.note">
          {
            'Runs against the sandbox in this page with the test credentials. A step that waits for the bank moves the sandbox clock on, so nothing waits in real time.'
          }
        </Translate>
      </p>
      <ol className="api-journey__steps">
        {journey.steps.map((s, i) => (
          <StepView key={s.id} step={s} run={state.runs[i]} now={port.now()} />
        ))}
      </ol>
      <p role="status" className="api-sandbox__note">
        {last &&
          translate(
            {id: 'journeys.progress', message: 'Step {n} of {total}: {result}'},
            {
              n: state.runs.length,
              total: journey.steps.length,
              result: last.failures.length
                ? translate({id: 'journeys.failed', message: 'Failed'})
                : translate({id: 'journeys.passed', message: 'Passed'}),
            },
          )}
      </p>
      <div className="api-sandbox__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || done}
          onClick={() => void step(false)}>
          {translate({id: 'journeys.next', message: 'Run the next step'})}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || done}
          onClick={() => void step(true)}>
          {translate({id: 'journeys.all', message: 'Run to the end'})}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={restart}>
          {translate({id: 'journeys.again', message: 'Start again'})}
        </button>
      </div>
    </SandboxBox>
  );
}
