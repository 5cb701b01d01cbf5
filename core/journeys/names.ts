/**
 * The names the journeys share between the build and the page: anchors and served files. A module
 * with no imports, so the family page's chunk takes these few lines and nothing else of the core.
 */
/** The anchor of a workflow's heading: other pages and the runner link to it. */
export const journeyAnchor = (workflowId: string): string => `journey-${workflowId}`;

/** The workflow of a journey heading's anchor, or none for another heading. */
export const workflowOfAnchor = (id: string): string | undefined => /^journey-(.+)$/.exec(id)?.[1];

/** The file of one workflow among the sandbox's served files, which the page's runner fetches. */
export const journeyFile = (workflowId: string): string => `journey-${workflowId}.json`;

/** The anchor of a step: `journey-<workflow>-<step>`. */
export const stepAnchor = (workflowId: string, stepId: string): string => `${journeyAnchor(workflowId)}-${stepId}`;

/**
 * The answer header of a journey's webhook step: which of the webhook secrets the partner holds
 * signed the delivery (./secrets.ts), space-separated, `previous` before `current`.
 */
export const SIGNED_WITH_HEADER = 'X-Journeys-Signed-With';

export type SecretName = 'previous' | 'current';
