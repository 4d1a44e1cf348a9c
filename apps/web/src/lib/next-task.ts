/** Resolves in the browser's next task: it may paint and answer a tap before the work that follows. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
