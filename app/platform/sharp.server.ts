import type SharpModule from "sharp";

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips and its threads) as the first image to read or write loads it: a start that draws
 * nothing (its covers and cards already on disk) neither spends the CPU nor holds the memory.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  return (loading ??= import("sharp").then(({ default: sharp }) => {
    // Every image is read once: libvips' operation cache would only keep its buffers alive.
    sharp.cache(false);
    return sharp;
  }));
}
