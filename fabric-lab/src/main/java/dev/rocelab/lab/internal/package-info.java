/** Internals of the lab backend: SSH, tool output parsers, Prometheus, fault commands. Not API. */
package dev.rocelab.lab.internal;
