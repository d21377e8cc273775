// The browser's side of prerendering, kept apart from the kit's main entry so the apps' start-up code imports only this.
export { loadMatchedRoutes } from './load-matched-routes.ts';
export { htmlFileFor, isPrerenderedFor, normalizePath } from './paths.ts';
export { startApp } from './start-app.ts';
