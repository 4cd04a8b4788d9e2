#!/usr/bin/env -S node --max-semi-space-size=8
/** The volley program: the command line of ./cli.ts, run on this process's arguments. */
import { fail, main } from './cli.js';

main().catch(fail);
