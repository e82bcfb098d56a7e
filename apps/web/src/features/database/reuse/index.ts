// What other features reuse of data assets (the tool form's asset picker). Kept apart from the
// feature's index, which the router loads on every page, so the asset API stays out of the first load.
export { useAssets } from '../queries';
