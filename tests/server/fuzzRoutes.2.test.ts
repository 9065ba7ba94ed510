// Every route under generated input, part 2 of FUZZ_PARTS: tests/support/routeFuzz.ts says what is checked.
import { describeRouteFuzz } from '../support/routeFuzz';

describeRouteFuzz(1);
