export declare const BUILD_GENERATED_DIR: string;
export declare function buildEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
