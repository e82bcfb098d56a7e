/// <reference types="vite/client" />

/** The build id embedded at build time (env BUILD_ID, default 'dev'); compared with /version.json. */
declare const __BUILD_ID__: string;
