// What a page does after a click (a lazy import, a state update after a fetch) can take seconds on a busy test
// machine: findBy and waitFor wait up to 10 s, not Testing Library's 1 s. They return as soon as the page is there.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
