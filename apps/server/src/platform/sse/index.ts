export { EventStream, type StreamEvent } from './event-stream.js';
