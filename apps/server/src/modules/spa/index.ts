/**
 * The web app's pages served by the server (not an area of the product: app.ts registers it before
 * the areas, and its not-found handler serves pages through it).
 */
export { LOGIN_TOKEN_PARAM, registerSpa, withoutLoginToken } from './spa.ts';
