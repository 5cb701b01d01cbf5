/** OpenAPI -> Postman v2.1 collection, by the maintained converter. */
import {convert} from 'openapi-to-postmanv2';

export function toPostman(document: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    convert(
      {type: 'json', data: document},
      {
        folderStrategy: 'Tags',
        requestParametersResolution: 'Example',
        exampleParametersResolution: 'Example',
        includeWebhooks: true,
      },
      (err: Error | null, result: {result: boolean; reason?: string; output?: {data: unknown}[]}) => {
        if (err) reject(err);
        else if (!result.result || !result.output?.[0])
          reject(new Error(`Postman conversion failed: ${result.reason ?? 'no output'}`));
        else resolve(result.output[0].data);
      },
    );
  });
}
