// The floor of bench/first-load: a bare React 19 page built with the same toolchain (webpack 5 + swc).
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root') as HTMLElement).render(<h1>Hello</h1>);
