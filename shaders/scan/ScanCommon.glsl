// Workgroup-wide inclusive scan for any subgroup size: scan inside each
// subgroup, scan the subgroup totals in shared memory, add back.
// Requires: layout(local_size_x_id = kScanSpecWorkgroupSize) and
// shared uint sScanTotals[] of at least gl_NumSubgroups entries.

// The input values and output prefixes, by the addresses in the push
// constants (`push`: ScanPush or ChainedScanPush); 64-bit byte offsets, so
// an index past 2^29 does not wrap.
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer ScanInputWord { uint word; };
layout(buffer_reference, std430, buffer_reference_align = 4) writeonly buffer ScanOutputWord { uint word; };
#define scanInput(i) ScanInputWord(push.values + 4ul * uint64_t(i)).word
#define scanOutput(i) ScanOutputWord(push.prefixes + 4ul * uint64_t(i)).word

shared uint sScanTotals[128];  // gl_NumSubgroups <= 1024 / 8

uint workgroupInclusiveAdd(uint value) {
  uint inclusive = subgroupInclusiveAdd(value);
  if (gl_SubgroupInvocationID == gl_SubgroupSize - 1) {
    sScanTotals[gl_SubgroupID] = inclusive;
  }
  barrier();
  if (gl_SubgroupID == 0) {
    // Subgroup 0 scans the totals, in chunks of its size.
    uint carry = 0;
    for (uint base = 0; base < gl_NumSubgroups; base += gl_SubgroupSize) {
      uint i = base + gl_SubgroupInvocationID;
      uint t = i < gl_NumSubgroups ? sScanTotals[i] : 0;
      uint s = subgroupInclusiveAdd(t);
      if (i < gl_NumSubgroups) {
        sScanTotals[i] = s + carry;
      }
      carry += subgroupBroadcast(s, gl_SubgroupSize - 1);
    }
  }
  barrier();
  uint before = gl_SubgroupID == 0 ? 0 : sScanTotals[gl_SubgroupID - 1];
  uint result = inclusive + before;
  barrier();  // sScanTotals may be reused by the caller's next call
  return result;
}

uint workgroupAdd(uint value) {
  uint total = workgroupInclusiveAdd(value);
  // The last invocation holds the workgroup total.
  if (gl_LocalInvocationIndex == gl_WorkGroupSize.x - 1) {
    sScanTotals[0] = total;
  }
  barrier();
  uint result = sScanTotals[0];
  barrier();
  return result;
}
