// Moved to lib/demo-pdf.ts so the messages demo can use it too (features do not import each other).
export { simplePdf } from '../../lib/demo-pdf';
