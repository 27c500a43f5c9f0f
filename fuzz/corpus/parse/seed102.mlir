// Runner self-test: a test needing a feature nobody provides is skipped
// (reported UNSUPPORTED), so its failing RUN line never runs.
// REQUIRES: tensor-lit-never-available
// RUN: false
