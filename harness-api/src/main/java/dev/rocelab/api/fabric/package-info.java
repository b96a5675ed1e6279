/**
 * The static description of a fabric: topology, switch, NIC and host profiles, QoS, firmware pins —
 * and what follows from it: the expanded device graph ({@link dev.rocelab.api.fabric.FabricGraph}),
 * headroom sizing ({@link dev.rocelab.api.fabric.Headroom}), buffer budgets and consistency checks
 * ({@link dev.rocelab.api.fabric.FabricValidator}).
 *
 * @since 0.1
 */
package dev.rocelab.api.fabric;
