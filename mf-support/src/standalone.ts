// Entry of the standalone dev server only (the async boundary before any shared module).
import('./standalone-bootstrap');
