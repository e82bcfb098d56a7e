import { directStream, percentile } from './lib/streams.js';
const single = [];
for (let i = 0; i < 20; i++) single.push((await directStream('http://127.0.0.1:18390/v1', 'm', 'hi')).ttftMs);
console.log('direct sequential ttft p50', percentile(single, 50).toFixed(1));
