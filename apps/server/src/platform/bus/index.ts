export { createLocalBus, createPostgresBus, type Bus } from './bus.js';
