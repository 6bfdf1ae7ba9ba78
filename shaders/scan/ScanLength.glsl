// The number of values a scan covers: push.count, or with kScanLengthOnDevice
// the word push.lengthIndex of the length buffer (declared by the includer as
// lengthWords[]). Uniform over the dispatch.
uint scanCount() { return push.count == kScanLengthOnDevice ? lengthWords[push.lengthIndex] : push.count; }
uint scanTiles(uint tileSize) { return (scanCount() + tileSize - 1) / tileSize; }
