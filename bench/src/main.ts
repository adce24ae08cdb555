// Placeholder until the deposit benchmark lands.
console.log('bench: not yet');
