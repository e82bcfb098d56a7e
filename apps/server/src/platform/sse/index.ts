export { EventStream, sseSink, type StreamEvent } from './event-stream.js';
